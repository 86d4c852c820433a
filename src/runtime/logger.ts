/** The logging surface the tracking core needs; pino's Logger satisfies it, and so does a test double. */
export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
  debug(obj: object, msg?: string): void;
  /** Libraries (restify) also call it bare, to ask whether trace is on. */
  trace(obj?: object, msg?: string): void;
  /** `serializers`: how this child writes fields of those names (what a library may log of a request). */
  child(
    bindings: Record<string, unknown>,
    options?: { serializers?: Record<string, (value: never) => unknown> },
  ): Logger;
}

export const silentLogger: Logger = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  trace() {},
  child: () => silentLogger,
};

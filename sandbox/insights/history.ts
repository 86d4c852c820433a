/**
 * The Insights panel's short memory: the day's figures sampled at most once per SAMPLE_EVERY_MS for the
 * last KEPT_MS, by the clock the sandbox is given, so the panel draws lines and not only the latest
 * numbers. A later reading in the same slot replaces the earlier one: the newest point is always now.
 */
import type { FigureReading } from '../../src/telemetry/dayFigures';

export const SAMPLE_EVERY_MS = 5_000;
export const KEPT_MS = 10 * 60_000;

/** A figure as the panel gets it: its values now, and each series' values at the history's times. */
export interface FigureWithHistory extends FigureReading {
  series: Array<FigureReading['series'][number] & { history: Array<number | null> }>;
}

interface Sample {
  at: number;
  /** By `figure/series`. */
  values: Map<string, number | null>;
}

const key = (figure: string, series: string) => `${figure}/${series}`;

export class FigureHistory {
  private samples: Sample[] = [];

  record(at: number, figures: readonly FigureReading[]): void {
    const values = new Map(
      figures.flatMap((figure) => figure.series.map((s) => [key(figure.id, s.id), s.value] as const)),
    );
    const last = this.samples.at(-1);
    if (last && Math.floor(last.at / SAMPLE_EVERY_MS) === Math.floor(at / SAMPLE_EVERY_MS)) this.samples.pop();
    this.samples.push({ at, values });
    this.samples = this.samples.filter((sample) => sample.at > at - KEPT_MS);
  }

  /** When each kept sample was taken, oldest first (ms since the epoch). */
  times(): number[] {
    return this.samples.map((sample) => sample.at);
  }

  /** The figures with their series' past values beside them; a series not yet recorded at a time is null there. */
  beside(figures: readonly FigureReading[]): FigureWithHistory[] {
    return figures.map((figure) => ({
      ...figure,
      series: figure.series.map((s) => ({
        ...s,
        history: this.samples.map((sample) => sample.values.get(key(figure.id, s.id)) ?? null),
      })),
    }));
  }
}

/**
 * Swagger 2.0 validation with @apidevtools/swagger-parser, in a child process: its reference parser is
 * an ES module, which Node 24 loads under require() but jest's module system does not.
 */
import { execFile } from 'node:child_process';

const VALIDATE = `
const SwaggerParser = require('@apidevtools/swagger-parser');
let text = '';
process.stdin.on('data', (chunk) => (text += chunk)).on('end', () =>
  SwaggerParser.validate(JSON.parse(text)).then(
    (api) => console.log(JSON.stringify({ valid: true, swagger: api.swagger })),
    (error) => console.log(JSON.stringify({ valid: false, errors: String(error.message) })),
  ),
);`;

interface Validation {
  valid: boolean;
  swagger?: string;
  errors?: string;
}

export function validateSwagger2(document: unknown): Promise<Validation> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, ['-e', VALIDATE], { cwd: __dirname }, (error, stdout) => {
      if (!error) return resolve(JSON.parse(stdout) as Validation);
      // Node types it as an Omit<> of ExecException, which ESLint does not take for an Error.
      const failed: Error = error;
      reject(failed);
    });
    child.stdin!.end(JSON.stringify(document));
  });
}

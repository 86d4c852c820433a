/**
 * Writes the Power Platform custom connector's two files from the code that serves the routes, so the
 * repository's copy is exactly what GET /api/actions/openapi.json answers (test/http/actionsDocument.test.ts
 * checks it):
 *
 *   npm run connector
 *
 * connector/apiDefinition.swagger.json  the Swagger 2.0 document of the action routes
 * connector/apiProperties.json          the connection's parameter: the service's ACTIONS_API_KEY
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { actionsDocumentText, connectorPropertiesText } from '../src/http/actionsDocument';
import { projectRoot } from '../src/projectRoot';

export const CONNECTOR_FILES = {
  'apiDefinition.swagger.json': actionsDocumentText,
  'apiProperties.json': connectorPropertiesText,
} as const;

export function connectorDir(): string {
  return path.join(projectRoot(), 'connector');
}

if (require.main === module) {
  for (const [name, text] of Object.entries(CONNECTOR_FILES)) {
    writeFileSync(path.join(connectorDir(), name), text());
    console.log(`wrote connector/${name}`);
  }
}

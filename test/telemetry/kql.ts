/**
 * A workbook's KQL, read twice. Microsoft's own Kusto language service (@kusto/language-service-next) parses and
 * analyzes it against the Application Insights tables it reads, as the portal would: an unknown column, function
 * or table, or a type that does not fit, is an error. Then what the tests hold against the catalog is picked out
 * of the text: the tables, the metric names it filters on (`name == "…"`, `name in (…)`), and the customDimensions
 * it reads with the values it compares them to (the workbook's queries keep to these forms).
 */
// The language service is .NET compiled to JavaScript by Bridge.NET: its runtime goes first, as globals.
import { readFileSync } from 'node:fs';
import '@kusto/language-service-next/bridge.min.js';
import '@kusto/language-service-next/Kusto.Language.Bridge.min.js';

/**
 * The part of its globals this file calls. Its own typings describe the .NET overloads strictly (DatabaseSymbol's
 * $ctor1 with an isOpen flag this file leaves out), so they are not loaded.
 */
interface KustoLanguage {
  GlobalState: { Default: { WithDatabase(database: unknown): unknown } };
  Symbols: {
    DatabaseSymbol: { $ctor1: new (name: string, tables: unknown[]) => unknown };
    TableSymbol: { $ctor7: new (name: string, schema: string, description: null) => unknown };
  };
  KustoCode: {
    ParseAndAnalyze(
      query: string,
      globals: unknown,
    ): { GetDiagnostics(): { Count: number; getItem(index: number): KustoDiagnostic } };
  };
}
interface KustoDiagnostic {
  Severity: string;
  Start: number;
  Message: string;
}
declare const Kusto: { Language: KustoLanguage };

/** What the tests read of the repository's Azure Monitor workbook: its items (1 text, 3 a KQL query, 9 parameters). */
export interface Workbook {
  version: string;
  items: WorkbookItem[];
}
export interface WorkbookItem {
  type: number;
  content: { title: string; query: string; json: string; parameters: unknown[] };
}

export const readWorkbook = (): Workbook =>
  JSON.parse(readFileSync('dashboards/azure/order-tracking-bot.workbook.json', 'utf8')) as Workbook;

export interface KqlQuery {
  tables: string[];
  metrics: string[];
  dimensions: { key: string; values: string[] }[];
  errors: string[];
}

/** The columns of Application Insights' tables that a workbook on the bot reads (the portal's schema, in part). */
const COMMON =
  'timestamp:datetime, customDimensions:dynamic, operation_Id:string, operation_ParentId:string, cloud_RoleName:string, itemCount:int';
const TABLES = {
  customMetrics: `(${COMMON}, name:string, value:real, valueCount:int, valueSum:real, valueMin:real, valueMax:real, valueStdDev:real)`,
  dependencies: `(${COMMON}, id:string, name:string, target:string, type:string, data:string, success:bool, resultCode:string, duration:real)`,
};
const language = Kusto.Language;
const applicationInsights = language.GlobalState.Default.WithDatabase(
  new language.Symbols.DatabaseSymbol.$ctor1(
    'applicationInsights',
    Object.entries(TABLES).map(([name, schema]) => new language.Symbols.TableSymbol.$ctor7(name, schema, null)),
  ),
);

const STRINGS = /"([^"]*)"/g;
const NAME_IS = /\bname\s*==\s*"([^"]*)"/g;
const NAME_IN = /\bname\s+in\s*\(([^)]*)\)/g;
const DIMENSION =
  /customDimensions(?:\.([A-Za-z_]\w*)|\[\s*"([^"]+)"\s*\])\)?(?:\s*(?:==\s*("[^"]*")|in\s*\(([^)]*)\)))?/g;

export function readKql(query: string): KqlQuery {
  const text = query.replace(/\/\/.*$/gm, '');
  const strings = (list: string) => [...list.matchAll(STRINGS)].map((match) => match[1]);
  return {
    tables: text
      .split('\n')
      .filter((line) => /^\s*[A-Za-z]/.test(line) && !/^\s*let\b/.test(line))
      .map((line) => line.trim().split(/\W/)[0]),
    metrics: [
      ...[...text.matchAll(NAME_IS)].map((match) => match[1]),
      ...[...text.matchAll(NAME_IN)].flatMap((match) => strings(match[1])),
    ],
    dimensions: [...text.matchAll(DIMENSION)].map((match) => ({
      key: match[1] ?? match[2],
      values: strings(match[3] ?? match[4] ?? ''),
    })),
    errors: diagnostics(query),
  };
}

function diagnostics(query: string): string[] {
  const found = language.KustoCode.ParseAndAnalyze(query, applicationInsights).GetDiagnostics();
  const errors: string[] = [];
  for (let i = 0; i < found.Count; i++) {
    const diagnostic = found.getItem(i);
    errors.push(`${diagnostic.Severity} at ${diagnostic.Start}: ${diagnostic.Message}`);
  }
  return errors;
}

const TYPE_IS = /\btype\s*(==|=~)\s*"([^"]*)"/g;

/**
 * Whether every `type == "…"` or `type =~ "…"` of the query lets a row of this `type` through: in KQL `==`
 * compares strings case-sensitively, `=~` does not. True when the query has no such filter.
 */
export function typeFilterPasses(query: string, type: string): boolean {
  return [...query.replace(/\/\/.*$/gm, '').matchAll(TYPE_IS)].every(([, operator, value]) =>
    operator === '==' ? type === value : type.toLowerCase() === value.toLowerCase(),
  );
}

/**
 * The site is in US English: every text a person reads (the pages' words, the contract's messages
 * and labels, the emails) is spelled the US way. The text is what the TypeScript parser calls a
 * string, a template's text or JSX text, so comments and identifiers (`licenceNumber`, an API
 * field) are left alone.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** British spellings and phrasings, each with its US form (for the failure's message). */
const BRITISH: ReadonlyArray<readonly [RegExp, string]> = [
  [/\blicences?\b/i, 'license'],
  [/\bcolour/i, 'color'],
  [/\bcheque/i, 'check'],
  [/\btick(s|ed|ing)?\b/i, 'check (the box)'],
  [/\borganis(e|ed|es|ing|ation)/i, 'organiz…'],
  [/\bfavou?r(ite|ed|s)?\b/i, 'favor…'],
  [/\bcentre/i, 'center'],
  [/\bbehaviour/i, 'behavior'],
  [/\bneighbour/i, 'neighbor'],
  [
    /\b(apologi|authori|reali|recogni|minimi|priori|customi|summari|emphasi|speciali)s(e|ed|es|ing)\b/i,
    '…ize',
  ],
  [/\banalys(e|ed|es|ing)\b/i, 'analyze'],
  [/\bcatalogue/i, 'catalog'],
  // "Cancelled" and "cancelling" are US spellings too, and the site's.
  [/\b(label|model|travel)l(ed|ing|er)\b/i, 'one l'],
  [/\bjudgement/i, 'judgment'],
  [/\bprogramme/i, 'program'],
  [/\bhonour/i, 'honor'],
  [/\bdefence/i, 'defense'],
  [/\bgrey\b/i, 'gray'],
  [/\b(whilst|amongst)\b/i, 'while, among'],
  [/\bmetres?\b/i, 'meters'],
  [/\bpost ?code/i, 'ZIP code'],
  [/\btyres?\b/i, 'tires'],
  [/\bkerb/i, 'curb'],
  [/\benrol(s|ment)?\b/i, 'enroll'],
];

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .filter((file) => !/\.test\.tsx?$/.test(file) && !file.includes('/testing'));
}

/** Every text of `file` a person may read, with its line. */
function textsOf(file: string): Array<{ line: number; text: string }> {
  const source = ts.createSourceFile(
    file,
    readFileSync(path.join(root, file), 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const texts: Array<{ line: number; text: string }> = [];
  const visit = (node: ts.Node) => {
    const parent = node.parent as ts.Node | undefined;
    const isKey = parent !== undefined && ts.isPropertyAssignment(parent) && parent.name === node;
    const isImport =
      parent !== undefined && (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent));
    if (
      (ts.isStringLiteral(node) && !isKey && !isImport) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isJsxText(node)
    ) {
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      texts.push({ line, text: node.text });
    }
    node.forEachChild(visit);
  };
  source.forEachChild(visit);
  return texts;
}

describe('US spelling', () => {
  it('is the only spelling in the texts of the pages, the contract and the emails', () => {
    const files = [...sourceFiles('frontend'), ...sourceFiles('lambdas')];
    const found: string[] = [];
    for (const file of files) {
      for (const { line, text } of textsOf(file)) {
        for (const [british, us] of BRITISH) {
          const match = british.exec(text);
          if (match !== null) found.push(`${file}:${line}: "${match[0]}" (US: ${us})`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});

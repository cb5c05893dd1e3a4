import { describe, expect, it } from 'vitest';
import { communityInputSchema } from '@app/shared/communities';
import { csvToCommunityObjects } from './community-csv-rows.js';
import { CsvSyntaxError, parseCsv } from './community-csv.js';

describe('parseCsv', () => {
  it('reads quoted cells with commas, doubled quotes and line breaks, and numbers records by their first line', () => {
    const text = '\uFEFFa,b\r\n"x, y","say ""hi"""\n\n"multi\nline",z\n';
    expect(parseCsv(text)).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x, y', 'say "hi"'] },
      { line: 4, cells: ['multi\nline', 'z'] },
    ]);
  });

  it('refuses a quote that is never closed, naming its line', () => {
    expect(() => parseCsv('a\n"open,b\nc')).toThrow(
      new CsvSyntaxError(2, 'line 2: a quoted cell is never closed'),
    );
  });
});

describe('csvToCommunityObjects', () => {
  const header =
    'name,displayName,category,members,engagementRate,growthTrend,competitionLevel,modActivity,promotionAllowed,verificationRequired';

  it('turns a row into what communityInputSchema accepts: numbers, booleans, | lists, nested rules and limits', () => {
    const text = [
      `${header},postingLimitPerDay,tags,minKarma,sellingAllowed,titleRules,description`,
      'Example_Sub,Example,gonewild,1500,12.5,up,low,active,limited,TRUE,2,new| verified ,50,allowed,"[F] in title|no ""spam""","Hello, world"',
    ].join('\n');
    const [row] = csvToCommunityObjects(text);
    expect(row!.line).toBe(2);
    expect(communityInputSchema.parse(row!.value)).toMatchObject({
      name: 'Example_Sub',
      members: 1500,
      engagementRate: 12.5,
      verificationRequired: true,
      postingLimits: { perDay: 2, cooldownHours: null },
      tags: ['new', 'verified'],
      description: 'Hello, world',
      rules: {
        minKarma: 50,
        minAccountAge: null,
        sellingAllowed: 'allowed',
        titleRules: ['[F] in title', 'no "spam"'],
      },
    });
  });

  it('leaves unconvertible values as text so the schema names the field', () => {
    const [row] = csvToCommunityObjects(`${header}\nsub_a,A,general,many,1,up,low,active,yes,maybe`);
    const issues = communityInputSchema
      .safeParse(row!.value)
      .error!.issues.map((issue) => issue.path.join('.'));
    expect(issues).toEqual(['members', 'verificationRequired']);
  });

  it('refuses unknown columns and rows of the wrong width', () => {
    expect(() => csvToCommunityObjects('name,colour\nx,red')).toThrow(/line 1: unknown column "colour"/);
    expect(() => csvToCommunityObjects(`${header}\na,b`)).toThrow(/line 2: 2 cells where the header has 10/);
  });
});

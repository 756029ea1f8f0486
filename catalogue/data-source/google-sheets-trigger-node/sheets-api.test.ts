import { describe, expect, it } from 'vitest';
import { columnsOf, quotedSheet, snakeCaseName, spreadsheetIdOf } from './sheets-api.ts';

describe('Google Sheets names', () => {
  it('takes the spreadsheet id from the link path segment after /d/ (spec 001 §5)', () => {
    expect(spreadsheetIdOf('https://docs.google.com/spreadsheets/d/1AbC-d_9xYz/edit#gid=0')).toBe('1AbC-d_9xYz');
    expect(spreadsheetIdOf(' 1AbC-d_9xYzQ ')).toBe('1AbC-d_9xYzQ');
    expect(() => spreadsheetIdOf('https://docs.google.com/spreadsheets/')).toThrow('Unable to setup source for Google Sheets: the spreadsheet link has no id after /d/');
  });

  it('converts column names to snake_case', () => {
    expect(['First Name', 'E-mail', 'userID', 'HTTPStatus', '2024 Sales', 'Café Ünits', '  trim  me '].map(snakeCaseName)).toEqual([
      'first_name',
      'e_mail',
      'user_id',
      'http_status',
      '_2024_sales',
      'cafe_units',
      'trim_me',
    ]);
  });

  it('leaves blank and repeated names out, and quotes sheet names in A1 notation', () => {
    expect(columnsOf(['a', '', 'b', 'a', ' c '], false)).toEqual([
      { name: 'a', index: 0 },
      { name: 'b', index: 2 },
      { name: 'c', index: 4 },
    ]);
    expect(columnsOf(['First Name', 'first_name'], true)).toEqual([{ name: 'first_name', index: 0 }]);
    expect(quotedSheet("Bob's sheet")).toBe("'Bob''s sheet'");
  });
});

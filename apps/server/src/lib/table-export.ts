import { PassThrough, type Readable } from 'node:stream';
import { stringify } from 'csv-stringify';

/*
 * Table exports (issue #12: the fan list and the work table as CSV or XLSX): rows are streamed from an async
 * source into csv-stringify or exceljs' streaming workbook writer, so a million rows never sit in memory.
 */

/** The export formats (contracts `FAN_EXPORT_FORMATS`). */
export type TableFormat = 'csv' | 'xlsx';

/** MIME type of each format. */
export const TABLE_MIME: Record<TableFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * A `Content-Disposition: attachment` with an ASCII fallback and the UTF-8 name (RFC 6266 / RFC 5987).
 * @param filename may hold CJK characters
 */
export function attachmentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * Streams a table as CSV (UTF-8 with a byte-order mark, so spreadsheet programs read CJK right) or XLSX.
 * Errors of the source end the stream with that error.
 * @param headers the header row, in the reader's language
 * @param rows pages of rows, each cell a string, number or null
 */
export function exportTable(
  format: TableFormat,
  sheetName: string,
  headers: string[],
  rows: AsyncIterable<(string | number | null)[][]>,
): Readable {
  const out = new PassThrough();
  if (format === 'csv') {
    out.write('\uFEFF');
    const csv = stringify({ header: true, columns: headers.map((h, i) => ({ key: String(i), header: h })) });
    csv.on('error', (e) => out.destroy(e));
    csv.pipe(out);
    void (async () => {
      try {
        for await (const page of rows) {
          for (const row of page) {
            if (!csv.write(Object.fromEntries(row.map((v, i) => [String(i), v ?? ''])))) {
              await new Promise((resolve) => csv.once('drain', resolve));
            }
          }
        }
        csv.end();
      } catch (error) {
        out.destroy(error as Error);
      }
    })();
    return out;
  }
  void (async () => {
    try {
      // loaded on the first XLSX export: ≈ 30 MiB of modules a server that never exports does not hold (issue #16)
      const { default: ExcelJS } = await import('exceljs');
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
        stream: out,
        useStyles: false,
        useSharedStrings: false,
      });
      const sheet = workbook.addWorksheet(sheetName);
      sheet.addRow(headers).commit();
      for await (const page of rows) {
        for (const row of page) sheet.addRow(row).commit();
      }
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  return out;
}

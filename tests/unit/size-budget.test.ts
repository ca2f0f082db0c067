/**
 * The JavaScript budget of each page (scripts/size.ts, also `npm run size`), over the production build
 * `npm test` makes first (E2E_DIST names another folder): the login page, the dashboard after login,
 * the player page and the quiz display each load no more gzipped JavaScript than their budget.
 * tests/e2e/page-weight.e2e.test.ts checks in Chromium that these are the files the pages really load.
 */
import { describe, expect, it } from 'vitest';
import { formatTable, measurePages, PAGE_BUDGETS } from '../../scripts/size';

describe('JavaScript budgets', () => {
  it('keeps every page within its budget', () => {
    const sizes = measurePages();
    console.log(formatTable(sizes));
    expect(sizes.map((size) => size.name)).toEqual(PAGE_BUDGETS.map((page) => page.name));
    for (const size of sizes) {
      expect(size.files.length, size.name).toBeGreaterThan(0);
      expect(size.gzipBytes, `${size.name}: gzipped bytes against its budget of ${size.budgetKB} KB`).toBeLessThanOrEqual(size.budgetKB * 1024);
    }
  });

  it('lets a page grow past its target only while it is still above it', () => {
    // A budget above the target is room for a page that has not reached it yet; once a page is under
    // its target, its budget is at most the target (in practice its size plus less than 1 KB).
    for (const size of measurePages()) {
      if (size.budgetKB > size.targetKB) expect(size.gzipBytes, `${size.name}: under its target, so its budget must not exceed it`).toBeGreaterThan(size.targetKB * 1024);
    }
  });
});

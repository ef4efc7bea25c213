import { describe, expect, it } from 'vitest';
import { CAR_CATALOGUE } from './car-catalogue.data.js';

// Integrity of the shipped car catalogue: ids are stored on works, so their layout is a contract.
const allSeries = CAR_CATALOGUE.flatMap((brand) => brand.series.map((series) => ({ brand, series })));

/** A name as written: not empty and without leading or trailing whitespace. */
function isCleanName(value: string): boolean {
  return value.length > 0 && value.trim() === value;
}

describe('CAR_CATALOGUE', () => {
  it('holds at least 70 brands and 450 series', () => {
    expect(CAR_CATALOGUE.length).toBeGreaterThanOrEqual(70);
    expect(allSeries.length).toBeGreaterThanOrEqual(450);
  });

  it('numbers brands 1..N in list order', () => {
    expect(CAR_CATALOGUE.map((brand) => brand.id)).toEqual(CAR_CATALOGUE.map((_, index) => index + 1));
  });

  it('numbers every series brandId * 1000 + n, n consecutive from 1', () => {
    for (const brand of CAR_CATALOGUE) {
      expect(brand.series.length, brand.name).toBeGreaterThan(0);
      expect(brand.series.length, brand.name).toBeLessThan(1000);
      expect(
        brand.series.map((series) => series.id),
        brand.name,
      ).toEqual(brand.series.map((_, index) => brand.id * 1000 + index + 1));
    }
  });

  it('has unique ids', () => {
    const brandIds = CAR_CATALOGUE.map((brand) => brand.id);
    const seriesIds = allSeries.map(({ series }) => series.id);
    expect(new Set(brandIds).size).toBe(brandIds.length);
    expect(new Set(seriesIds).size).toBe(seriesIds.length);
  });

  it('has no duplicate brand names, nor duplicate series names within a brand (case-insensitive)', () => {
    const brandNames = CAR_CATALOGUE.map((brand) => brand.name.toLowerCase());
    expect(new Set(brandNames).size).toBe(brandNames.length);
    for (const brand of CAR_CATALOGUE) {
      const names = brand.series.map((series) => series.name.toLowerCase());
      const duplicates = names.filter((name, index) => names.indexOf(name) !== index);
      expect(duplicates, brand.name).toEqual([]);
    }
  });

  it('has no empty or whitespace-padded names', () => {
    for (const brand of CAR_CATALOGUE) {
      expect(isCleanName(brand.name), `brand ${brand.id}`).toBe(true);
      expect(isCleanName(brand.nameEn), `brand ${brand.id}`).toBe(true);
    }
    for (const { series } of allSeries) {
      expect(isCleanName(series.name), `series ${series.id}`).toBe(true);
      if (series.nameEn !== undefined) {
        expect(isCleanName(series.nameEn), `series ${series.id}`).toBe(true);
        // nameEn is given only when it differs from name
        expect(series.nameEn, `series ${series.id}`).not.toBe(series.name);
      }
    }
  });

  it('names the official site of every brand as a bare domain', () => {
    const domain = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/;
    for (const brand of CAR_CATALOGUE) {
      expect(brand.site, brand.name).toMatch(domain);
    }
  });

  it('contains well-known series', () => {
    const pairs = new Set(allSeries.map(({ brand, series }) => `${brand.name}/${series.name}`));
    for (const pair of ['比亚迪/汉', '丰田/凯美瑞', '特斯拉/Model 3', '小米/SU7', '宝马/3系']) {
      expect(pairs.has(pair), pair).toBe(true);
    }
    expect(CAR_CATALOGUE[0]).toMatchObject({ id: 1, name: '比亚迪', nameEn: 'BYD' });
    expect(CAR_CATALOGUE[0]?.series[0]).toEqual({ id: 1001, name: '汉', nameEn: 'Han' });
  });
});

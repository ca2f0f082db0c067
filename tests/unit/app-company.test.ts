/**
 * The company a tab acts for (src/app/lib/company.ts): the Cid in session storage, default 1; a
 * change is seen by subscribers (the navbar switcher); and a tab whose Cid is not one of the admin's
 * companies moves to the first of them, so an operator of company 2 alone never sends Cid 1.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { companyToMoveTo, currentCompany, rememberCompany } from '@/app/lib/company';
import { CID_KEY, COMPANY_NAME_KEY } from '@/app/lib/storage';

class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

beforeEach(() => {
  (globalThis as { sessionStorage?: unknown }).sessionStorage = new MemoryStorage();
});
afterEach(() => {
  delete (globalThis as { sessionStorage?: unknown }).sessionStorage;
});

const COMPANIES = [
  { id: 2, name: 'Harbour Events' },
  { id: 5, name: 'Summit Expo' },
];

describe('the current company', () => {
  it('is company 1 until one is stored, then the stored one with its name', () => {
    expect(currentCompany()).toEqual({ id: '1', name: null });
    rememberCompany(5, 'Summit Expo');
    expect(currentCompany()).toEqual({ id: '5', name: 'Summit Expo' });
    expect(sessionStorage.getItem(CID_KEY)).toBe('5');
    expect(sessionStorage.getItem(COMPANY_NAME_KEY)).toBe('Summit Expo');
    expect(currentCompany(), 'the same snapshot while nothing changed').toBe(currentCompany());
  });

  it('moves a tab whose company the admin may not act for to the first it may', () => {
    expect(companyToMoveTo(COMPANIES), 'default Cid 1 is not among them').toEqual(COMPANIES[0]);
    rememberCompany(5, 'Summit Expo');
    expect(companyToMoveTo(COMPANIES)).toBeNull();
    expect(companyToMoveTo([]), 'an unknown list moves nothing').toBeNull();
    rememberCompany(9);
    expect(currentCompany(), "another company without a name does not keep the last one's").toEqual({ id: '9', name: null });
    expect(companyToMoveTo(COMPANIES)).toEqual(COMPANIES[0]);
  });
});

/**
 * The company this tab acts for: the `Cid` header of every call (default 1) and its display
 * name, both kept in session storage (per tab, as the /dashboard?cid=&name= entry stores them).
 * Views read it with `useCurrentCompany()`, which follows changes made elsewhere in the page; only
 * this module writes the two keys. It never calls the API: the session feature and the navbar decide
 * when to move.
 */
import { useSyncExternalStore } from 'react';
import { DEFAULT_CID } from '@/app/api/client';
import { CID_KEY, COMPANY_NAME_KEY, session } from './storage';

export interface CurrentCompany {
  /** The `Cid` sent with every call (digits). */
  id: string;
  /** The name stored with it, if any (the info call's company list is the fresher source). */
  name: string | null;
}

/** A company as the info call lists it. */
export interface CompanyChoice {
  id: number;
  name: string;
}

/** Where a company switch lands: the one page that shows no company's data. */
export const SWITCH_TARGET = '/dashboard';

const listeners = new Set<() => void>();
let cached: CurrentCompany = { id: DEFAULT_CID, name: null };

export function currentCompany(): CurrentCompany {
  const id = session.get(CID_KEY) || DEFAULT_CID;
  const name = session.get(COMPANY_NAME_KEY) || null;
  // The same object while nothing changed (useSyncExternalStore compares snapshots by identity).
  if (cached.id !== id || cached.name !== name) cached = { id, name };
  return cached;
}

/** Stores the company the tab acts for from now on (its next call sends this `Cid`). */
export function rememberCompany(id: string | number, name?: string | null): void {
  const moved = String(id) !== currentCompany().id;
  session.set(CID_KEY, String(id));
  // Without a name, another company's stored name would be wrong: forget it.
  if (name || moved) session.set(COMPANY_NAME_KEY, name ?? '');
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCurrentCompany(): CurrentCompany {
  return useSyncExternalStore(subscribe, currentCompany, currentCompany);
}

/**
 * The company the tab should move to: null while it acts for one of `companies` (or the list is
 * unknown), else the first of them. An operator of company 2 alone would otherwise send the default
 * Cid 1 and get 403 on every company call.
 */
export function companyToMoveTo(companies: readonly CompanyChoice[]): CompanyChoice | null {
  if (companies.length === 0) return null;
  const { id } = currentCompany();
  return companies.some((company) => String(company.id) === id) ? null : companies[0]!;
}

/**
 * Acts for another company. Every open page (kept alive in the tags), the live topics and the unread
 * count belong to the company they were loaded for, so the page is loaded anew at the dashboard:
 * nothing of the previous company can stay on screen or answer late into the new one.
 */
export function switchCompany(company: CompanyChoice): void {
  rememberCompany(company.id, company.name);
  window.location.assign(SWITCH_TARGET);
}

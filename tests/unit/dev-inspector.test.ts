/**
 * The dev-mode Stately inspector (src/shared/dev-inspector.ts): off without `?inspect`; with it, the
 * events of actors that started before the inspector package loaded reach it, in order; a package that
 * cannot load (offline) costs nothing but a warning.
 */
import { createActor, createMachine, type InspectionEvent } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { createDevInspector } from '@/shared/dev-inspector';

const toggle = createMachine({ id: 'toggle', initial: 'off', states: { off: { on: { flip: 'on' } }, on: { on: { flip: 'off' } } } });

/** A stand-in for the package: createBrowserInspector's `inspect` records what it is given. */
function fakePackage() {
  const received: InspectionEvent[] = [];
  let release!: () => void;
  const loaded = new Promise<void>((resolve) => (release = resolve));
  const load = async () => {
    await loaded;
    return { createBrowserInspector: () => ({ inspect: { next: (event: InspectionEvent) => received.push(event) } }) } as never;
  };
  return { received, release, load };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the dev inspector', () => {
  it('is off unless the address asks for it', () => {
    expect(createDevInspector('?pin=123456')).toBeUndefined();
    expect(createDevInspector('')).toBeUndefined();
  });

  it('gives the inspector every event of an actor that started before it loaded, in order', async () => {
    const pkg = fakePackage();
    const inspect = createDevInspector('?inspect', pkg.load)!;
    const actor = createActor(toggle, { inspect }).start();
    actor.send({ type: 'flip' });
    await flush();
    expect(pkg.received, 'nothing before the package is there').toEqual([]);
    pkg.release();
    await flush();
    const snapshots = () => pkg.received.filter((e) => e.type === '@xstate.snapshot').map((e) => (e.snapshot as unknown as { value: unknown }).value);
    expect(pkg.received[0]?.type).toBe('@xstate.actor');
    expect(snapshots()).toEqual(['off', 'on']);
    actor.send({ type: 'flip' });
    expect(snapshots(), 'and the later ones as they come').toEqual(['off', 'on', 'off']);
  });

  it('warns once and drops the events when the package cannot load', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const inspect = createDevInspector('?inspect', () => Promise.reject(new Error('offline')))!;
    const actor = createActor(toggle, { inspect }).start();
    await flush();
    expect(() => actor.send({ type: 'flip' })).not.toThrow();
    expect(actor.getSnapshot().value).toBe('on');
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});

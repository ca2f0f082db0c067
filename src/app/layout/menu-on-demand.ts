/**
 * The navbar's menus (user menu, company switcher) load on first contact (issue 18's budgets): Zag's
 * menu machine and the positioning code (about 17 KB gzipped) are not on the first page. Until then
 * the trigger is a plain button with the same look; hovering or focusing it starts the load, and a
 * press or click (mouse, touch, Enter, Space) or ArrowDown/ArrowUp made before the menu is there opens
 * it as soon as it is. The menu then takes the trigger over, focused if the plain one was.
 */
import { type KeyboardEvent, type PointerEvent, type RefObject, useEffect, useEffectEvent, useRef, useState } from 'react';
import type { OnDemand } from '@/app/lib/on-demand';

export interface MenuOpening {
  /** Open at once: the trigger was used before the menu loaded. */
  defaultOpen: boolean;
  /** The plain trigger had the focus: the menu's own trigger takes it. */
  focus: boolean;
}

export function useMenuOnDemand<T>(view: OnDemand<T>) {
  const loaded = view.useLoaded();
  const [defaultOpen, setDefaultOpen] = useState(false);
  const [focus, setFocus] = useState(false);
  const open = () => {
    setDefaultOpen(true);
    view.start();
  };
  const triggerProps = loaded
    ? {}
    : {
        'aria-haspopup': 'menu' as const,
        'aria-expanded': false,
        onPointerEnter: view.start,
        onFocus: () => {
          setFocus(true);
          view.start();
        },
        onBlur: () => setFocus(false),
        // A press that the menu's arrival interrupts would lose its click (the button is replaced
        // between press and release), so the press itself asks for the menu open.
        onPointerDown: (event: PointerEvent) => {
          if (event.button !== 0) return;
          event.preventDefault();
          open();
        },
        onClick: open,
        onKeyDown: (event: KeyboardEvent) => {
          if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
          event.preventDefault();
          open();
        },
      };
  const opening: MenuOpening = { defaultOpen, focus };
  return { loaded, triggerProps, opening };
}

/** For the loaded menu: a ref for its trigger, focused on mount when the plain trigger had the focus. */
export function useTriggerFocus(opening: MenuOpening): RefObject<HTMLButtonElement | null> {
  const ref = useRef<HTMLButtonElement>(null);
  const { focus, defaultOpen } = opening;
  const takeFocus = useEffectEvent(() => {
    // An open menu moves the focus into itself, and back to the trigger when it closes.
    if (focus && !defaultOpen) ref.current?.focus({ preventScroll: true });
  });
  useEffect(() => takeFocus(), []); // once: when the menu replaces the plain trigger
  return ref;
}

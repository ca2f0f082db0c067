/**
 * A dialog whose code loads the first time it opens: a page that must stay within its JavaScript
 * budget (`npm run size`) offers the button without carrying the form, the dialog kit and Zag's dialog
 * machine until a user asks for them. Once opened it stays mounted, so it closes with its animation.
 */
import { type ComponentType, lazy, Suspense, useState } from 'react';

export function lazyDialog<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Loaded = lazy(async () => ({ default: await load() }));
  return function LazyDialog(props: P) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    return opened ? (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    ) : null;
  };
}

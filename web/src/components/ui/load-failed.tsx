import { lazy, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from '#web/lib/i18n-react.tsx';

/**
 * Says that a part of the page did not arrive (its code is loaded when first needed and the signal
 * dropped, or the phone opened the page before the app was stored for use offline), with the way
 * out: a reload, which the stored app answers once it is there (docs/product.md "Working without signal").
 */
export function LoadFailed() {
  const { t } = useTranslation('common');
  return (
    <p role="alert" className="flex flex-wrap items-center justify-center gap-2 p-3">
      {t('state.loadFailed')}
      <button type="button" className="rounded-lg border-2 px-3 py-1 font-semibold" onClick={() => location.reload()}>
        {t('actions.reload')}
      </button>
    </p>
  );
}

/**
 * `React.lazy` for a part whose code may not arrive: when its chunk fails to load, `Fallback` is
 * rendered in its place (with the same props) instead of the error blanking the whole page.
 * `preload()` starts loading it before it is first drawn; a part whose code is already here is
 * drawn at once, without suspending (and without a second pass to show it — decision 024).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, as React.lazy's own signature
export function lazyOr<T extends ComponentType<any>>(load: () => Promise<{ default: T }>, Fallback: NoInfer<T> | (() => ReactNode)) {
  let loaded: T | undefined;
  let loading: Promise<{ default: T }> | undefined;
  const start = () =>
    (loading ??= load()
      .catch(() => ({ default: Fallback as T }))
      .then((module) => {
        loaded = module.default;
        return module;
      }));
  const Lazy = lazy(start);
  function LazyOr(props: ComponentProps<T>) {
    // `loaded` is set before the lazy part can show, so a part on the page is never drawn first as
    // one and then as the other (which would remount it and lose what was typed into it).
    const Part = (loaded ?? Lazy) as ComponentType<ComponentProps<T>>;
    return <Part {...props} />;
  }
  return Object.assign(LazyOr, { preload: () => void start() });
}

import type { ReactNode } from 'react';

/** Text that reads left to right inside a right-to-left page (email, phone, username). */
export const Ltr = ({ children }: { children: ReactNode }) => <span dir="ltr">{children}</span>;

/** A titled card of label/value pairs; one column on phones, two from `sm`. */
export function DetailsSection({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 id={id} className="mb-3 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function DetailsList({ items }: { items: { label: string; value: ReactNode }[] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
      {items.map((item) => (
        <div key={item.label} className="min-w-0">
          <dt className="text-sm text-slate-600">{item.label}</dt>
          <dd className="break-words font-medium text-slate-900">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

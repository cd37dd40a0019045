import { Breadcrumbs } from "./ui.tsx";

export function LegalPage({ title, html }: { title: string; html: string }) {
  return (
    <article>
      <Breadcrumbs items={[{ to: "/", label: "Home" }, { label: title }]} />
      <h1 className="text-3xl font-extrabold tracking-tight text-brand-900 sm:text-4xl">{title}</h1>
      <div className="prose-site mt-6" dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}

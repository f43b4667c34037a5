import type { ReactNode } from 'react'

/** A page's heading, lead text and body, the frame every content page shares. */
export function PageShell({ heading, lead, children }: { heading: string; lead: string; children?: ReactNode }) {
  return (
    <article className="page">
      <h1 className="page__heading">{heading}</h1>
      <p className="page__lead">{lead}</p>
      {children}
    </article>
  )
}

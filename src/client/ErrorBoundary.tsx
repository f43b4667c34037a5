import { Component, type ErrorInfo, lazy, type ReactNode, Suspense } from 'react'
import { importLater } from '../ui/entry-import'

/**
 * The crash page, fetched when a crash happens rather than with every page (it is not first-load code).
 * If it cannot be fetched (offline), the page is loaded again: the server renders it, or the browser says it is offline.
 */
const CrashPage = lazy(() =>
  importLater<typeof import('./entries/crash')>('crash').then(
    ({ ErrorPage }) => ({ default: () => (<ErrorPage error={{ type: 'unexpected' }} />) as ReactNode }),
    () => ({
      default: () => {
        window.location.reload()
        return null as ReactNode
      },
    }),
  ),
)

interface Props {
  onError: (error: Error, info: ErrorInfo) => void
  children: ReactNode
}

/** Catches a crash in the browser: shows the "unexpected" error page and reports the crash. */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true }
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    this.props.onError(error, info)
  }

  override render(): ReactNode {
    return this.state.failed ? (
      <Suspense fallback={null}>
        <CrashPage />
      </Suspense>
    ) : (
      this.props.children
    )
  }
}

import { Component, type ErrorInfo, type ReactNode } from 'react'
import { ErrorPage } from '../ui/ErrorPage'

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
    return this.state.failed ? <ErrorPage error={{ type: 'unexpected' }} /> : this.props.children
  }
}

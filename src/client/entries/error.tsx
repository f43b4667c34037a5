import type { AppError } from '../../ui/atoms'
import { ErrorPage } from '../../ui/ErrorPage'
import { hydratePage } from '../hydrate'

hydratePage(({ data }: { data: { error: AppError } }) => <ErrorPage error={data.error} />)

import { type AppError, ErrorPage } from '../../ui/ErrorPage'
import { hydratePage } from '../hydrate'

void hydratePage(({ data }: { data: { error: AppError } }) => <ErrorPage error={data.error} />)

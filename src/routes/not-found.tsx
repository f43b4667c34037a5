import { ErrorPage } from '../ui/ErrorPage'
import { defineRoute, PageError } from './route'

/** `/404`: the page-not-found screen, with status 404. */
export default defineRoute({
  id: 'notFound',
  path: '/404',
  label: null,
  namespaces: [],
  client: 'error',
  indexable: false,
  load: async () => {
    throw new PageError('notFound', 404)
  },
  meta: () => ({ title: 'error.notFound.title', description: 'error.notFound.message' }),
  Page: () => <ErrorPage error={{ type: 'notFound' }} />,
})

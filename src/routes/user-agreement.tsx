import { noRecord, shellRoute } from './shell'

/** `/user-agreement`: the rules for using the site and an account. */
export default shellRoute({
  id: 'userAgreement',
  path: '/user-agreement',
  label: null,
  indexable: true,
  load: noRecord,
})

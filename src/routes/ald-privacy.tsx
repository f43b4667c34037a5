import { noRecord, shellRoute } from './shell'

/** `/third-page/ald-privacy`: the leasing partner's privacy notice. */
export default shellRoute({
  id: 'aldPrivacy',
  path: '/third-page/ald-privacy',
  label: null,
  indexable: true,
  load: noRecord,
})

import { legalRoute } from './legal'

/** `/third-page/ald-privacy`: the leasing partner's privacy notice. */
export default legalRoute({
  id: 'aldPrivacy',
  path: '/third-page/ald-privacy',
  document: 'ald-privacy',
  label: null,
})

import { legalRoute } from './legal'

/** `/user-agreement`: the rules for using the site and an account. */
export default legalRoute({ id: 'userAgreement', path: '/user-agreement', document: 'user-agreement', label: null })

import { legalRoute } from './legal'

/** `/policy`: the privacy policy. */
export default legalRoute({ id: 'policy', path: '/policy', document: 'policy', label: null })

import { noRecord, shellRoute } from './shell'

/** `/policy`: the privacy policy. */
export default shellRoute({ id: 'policy', path: '/policy', label: null, indexable: true, load: noRecord })

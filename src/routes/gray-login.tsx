import { noRecord, shellRoute } from './shell'

/** `/grayLogin`: access to features in gray release. */
export default shellRoute({ id: 'grayLogin', path: '/grayLogin', label: null, indexable: false, load: noRecord })

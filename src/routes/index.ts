import accessibility from './accessibility'
import admin from './admin'
import aldPrivacy from './ald-privacy'
import auth from './auth'
import configurator from './configurator'
import confirmEmail from './confirm-email'
import cookieSettings from './cookie-settings'
import { findOrder, orderLink } from './find-order'
import grayLogin from './gray-login'
import home from './home'
import { homeCharger, homeChargerResult } from './home-charger'
import logout from './logout'
import marketing from './marketing'
import notFound from './not-found'
import { cancelResult } from './order-cancel-result'
import { orderConfirmation as resultConfirmation } from './order-confirmation'
import { orderDetail as order } from './order-detail'
import { orderForm as infoSubmission } from './order-form'
import overview from './overview'
import passwordChange from './password-change'
import passwordReset from './password-reset'
import policy from './policy'
import preOrder from './pre-order'
import preOrderInfoSubmission from './pre-order-info-submission'
import privacy from './privacy'
import profile from './profile'
import quickDelivery from './quick-delivery'
import quote from './quote'
import type { PageRoute } from './route'
import staff from './staff'
import { subscription, subscriptionResult } from './subscription'
import terms from './terms-conditions'
import testDrive from './test-drive'
import testDriveResult from './test-drive-result'
import testDriveSubmission from './test-drive-submission'
import { tradeIn } from './trade-in'
import { tradeInResult } from './trade-in-result'
import userAgreement from './user-agreement'

/**
 * Every page route of SPEC §2, mounted under every site prefix. Each route's data type is private
 * to it (load feeds Page); the list erases it, which is why the cast below is sound.
 */
export const ROUTES = [
  home,
  notFound,
  configurator,
  infoSubmission,
  overview,
  testDriveSubmission,
  quote,
  grayLogin,
  marketing,
  order,
  cancelResult,
  resultConfirmation,
  preOrder,
  preOrderInfoSubmission,
  terms,
  testDrive,
  testDriveResult,
  aldPrivacy,
  accessibility,
  userAgreement,
  policy,
  auth,
  logout,
  passwordReset,
  confirmEmail,
  passwordChange,
  profile,
  privacy,
  staff,
  admin,
  quickDelivery,
  tradeIn,
  tradeInResult,
  homeCharger,
  homeChargerResult,
  subscription,
  subscriptionResult,
  cookieSettings,
  findOrder,
  orderLink,
] as unknown as readonly PageRoute<unknown>[]

import { linkTo } from '../i18n/links'
import { ShellPage } from '../ui/ShellPage'
import { useSiteContext } from '../ui/site-context'
import { SubmitOrBack } from './helpers/submit-or-back'
import { defineRoute, PageRedirect } from './route'

function LogoutPage() {
  const { site } = useSiteContext()
  return (
    <ShellPage heading="page.logout.heading" lead="page.logout.lead">
      <form method="post" className="form-actions">
        <SubmitOrBack submit="logout.confirm" back="logout.cancel" backTo={linkTo(site, '/')} />
      </form>
    </ShellPage>
  )
}

/**
 * `/auth/logout` (userInfo.logoutUrl): asks, then signs out with a POST, which revokes the session
 * server-side. A GET never signs anyone out, so a link on another site cannot.
 */
export default defineRoute<Record<string, never>>({
  id: 'logout',
  path: '/auth/logout',
  label: null,
  namespaces: ['page.logout', 'logout'],
  indexable: false,
  load: async (ctx) => {
    if (!ctx.session.user) throw new PageRedirect(linkTo(ctx.site, '/'))
    return {}
  },
  action: async (ctx) => {
    await ctx.session.signOut()
    return { redirect: linkTo(ctx.site, '/') }
  },
  meta: () => ({ title: 'page.logout.heading', description: 'page.logout.lead' }),
  Page: LogoutPage,
})

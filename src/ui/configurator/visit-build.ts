/** This tab's current build, for the visit (sessionStorage: gone with the tab, never sent anywhere). */
export const VISIT_BUILD_KEY = 'nordvolt.build'

/**
 * The configurator's first script, inline in its head: a configurator opened on the model alone (the header's link
 * from a page that shows no car) goes on to the visitor's build before anything is painted, so it shows that car,
 * not the defaults, and ships none of the address's parsing to the browser. Same page, the tab's own build.
 */
export const RESTORE_VISIT_BUILD = `(function(){try{var b=sessionStorage.getItem(${JSON.stringify(VISIT_BUILD_KEY)});if(b&&!location.search)location.replace(location.pathname+"?"+b+location.hash)}catch(e){}})()`

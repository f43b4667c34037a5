// formatjs's locale-data modules only register data on the global constructors; they export nothing.
declare module '@formatjs/intl-numberformat/locale-data/is' {}
declare module '@formatjs/intl-datetimeformat/locale-data/is' {}

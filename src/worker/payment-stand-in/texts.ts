/**
 * The stand-in's hosted pages in the Checkout Session's `locale`, as Stripe Checkout localises its own: the languages
 * of our markets that Checkout offers (Icelandic is not one; Checkout then follows the browser, else English). These
 * texts are the provider's surface, not the storefront's: they live here, not in the storefront's catalogs.
 */
import { DECLINE_MESSAGES } from './cards'

type Decline = keyof typeof DECLINE_MESSAGES

export interface CheckoutTexts {
  testMode: string
  banner: string
  payTo: string
  email: string
  cardInformation: string
  cardNumber: string
  expiry: string
  cvc: string
  nameOnCard: string
  pay: string
  wallets: string
  testCards: string
  anyExpiry: string
  iban: string
  accountHolder: string
  mandate: string
  testIbans: string
  redirectTitle: string
  redirectText: string
  authorize: string
  failPayment: string
  back: string
  poweredBy: string
  closedComplete: string
  closedExpired: string
  returnTo: string
  challengeTitle: string
  challengeText: string
  completeAuth: string
  failAuth: string
  declines: Record<Decline, string>
}

const en: CheckoutTexts = {
  testMode: 'Test mode',
  banner: "The local stand-in for Stripe: no money moves, and only Stripe's test cards and accounts work.",
  payTo: 'Pay Nordvolt',
  email: 'Email',
  cardInformation: 'Card information',
  cardNumber: 'Card number',
  expiry: 'Expiry (MM / YY)',
  cvc: 'CVC',
  nameOnCard: 'Name on card',
  pay: 'Pay {amount}',
  wallets: 'Apple Pay and Google Pay show here where the browser offers them.',
  testCards: "Stripe's test cards",
  anyExpiry: 'Any future expiry date, any CVC.',
  iban: 'IBAN',
  accountHolder: 'Account holder',
  mandate:
    'By providing your IBAN you authorise Nordvolt and Stripe to debit your account (SEPA Direct Debit mandate).',
  testIbans: "Stripe's test IBANs",
  redirectTitle: '{method} test payment page',
  redirectText: 'In live mode you approve the payment in the {method} app or your bank.',
  authorize: 'Authorize test payment',
  failPayment: 'Fail test payment',
  back: 'Back to Nordvolt',
  poweredBy: 'Powered by Stripe',
  closedComplete: 'This checkout is complete.',
  closedExpired: 'This checkout has expired.',
  returnTo: 'Return to Nordvolt',
  challengeTitle: '3D Secure 2 test page',
  challengeText: "This is your card issuer's test page: confirm that it is you who pays.",
  completeAuth: 'Complete authentication',
  failAuth: 'Fail authentication',
  // Stripe's own English messages, as its API returns them.
  declines: DECLINE_MESSAGES,
}

const nb: CheckoutTexts = {
  testMode: 'Testmodus',
  banner: 'Den lokale erstatningen for Stripe: ingen penger flyttes, og bare Stripes testkort og testkontoer virker.',
  payTo: 'Betal Nordvolt',
  email: 'E-post',
  cardInformation: 'Kortinformasjon',
  cardNumber: 'Kortnummer',
  expiry: 'Utløpsdato (MM / ÅÅ)',
  cvc: 'CVC',
  nameOnCard: 'Navn på kortet',
  pay: 'Betal {amount}',
  wallets: 'Apple Pay og Google Pay vises her der nettleseren tilbyr dem.',
  testCards: 'Stripes testkort',
  anyExpiry: 'En hvilken som helst fremtidig utløpsdato og CVC.',
  iban: 'IBAN',
  accountHolder: 'Kontoinnehaver',
  mandate: 'Ved å oppgi IBAN gir du Nordvolt og Stripe fullmakt til å belaste kontoen din (SEPA-autogirofullmakt).',
  testIbans: 'Stripes test-IBAN-er',
  redirectTitle: 'Testbetalingsside for {method}',
  redirectText: 'I live-modus godkjenner du betalingen i {method}-appen eller i banken din.',
  authorize: 'Godkjenn testbetalingen',
  failPayment: 'La testbetalingen mislykkes',
  back: 'Tilbake til Nordvolt',
  poweredBy: 'Levert av Stripe',
  closedComplete: 'Denne betalingen er fullført.',
  closedExpired: 'Denne betalingssiden er utløpt.',
  returnTo: 'Tilbake til Nordvolt',
  challengeTitle: 'Testside for 3D Secure 2',
  challengeText: 'Dette er testsiden til kortutstederen din: bekreft at det er du som betaler.',
  completeAuth: 'Fullfør bekreftelsen',
  failAuth: 'La bekreftelsen mislykkes',
  declines: {
    generic_decline: 'Kortet ditt ble avvist.',
    insufficient_funds: 'Det er ikke nok dekning på kortet ditt.',
    live_card: 'Kortet ditt ble avvist. Forespørselen var i testmodus, men brukte et ekte kort.',
    authentication: 'Vi kan ikke bekrefte betalingsmåten din. Velg en annen betalingsmåte og prøv igjen.',
    invalid_number: 'Kortnummeret er ugyldig.',
    invalid_expiry: 'Utløpsdatoen er ugyldig eller passert.',
    invalid_cvc: 'Sikkerhetskoden er ufullstendig.',
    invalid_iban: 'IBAN-en du oppga, er ugyldig.',
    provider_declined: 'Betalingen ble avvist av leverandøren av betalingsmåten.',
  },
}

const sv: CheckoutTexts = {
  testMode: 'Testläge',
  banner: 'Den lokala ersättaren för Stripe: inga pengar flyttas, och bara Stripes testkort och testkonton fungerar.',
  payTo: 'Betala Nordvolt',
  email: 'E-post',
  cardInformation: 'Kortuppgifter',
  cardNumber: 'Kortnummer',
  expiry: 'Giltigt till (MM / ÅÅ)',
  cvc: 'CVC',
  nameOnCard: 'Namn på kortet',
  pay: 'Betala {amount}',
  wallets: 'Apple Pay och Google Pay visas här där webbläsaren erbjuder dem.',
  testCards: 'Stripes testkort',
  anyExpiry: 'Valfritt framtida utgångsdatum och valfri CVC.',
  iban: 'IBAN',
  accountHolder: 'Kontoinnehavare',
  mandate:
    'Genom att ange ditt IBAN ger du Nordvolt och Stripe fullmakt att debitera ditt konto (SEPA-autogiromedgivande).',
  testIbans: 'Stripes test-IBAN',
  redirectTitle: 'Testbetalningssida för {method}',
  redirectText: 'I liveläge godkänner du betalningen i {method}-appen eller hos din bank.',
  authorize: 'Godkänn testbetalningen',
  failPayment: 'Låt testbetalningen misslyckas',
  back: 'Tillbaka till Nordvolt',
  poweredBy: 'Drivs av Stripe',
  closedComplete: 'Den här betalningen är slutförd.',
  closedExpired: 'Den här betalningssidan har gått ut.',
  returnTo: 'Tillbaka till Nordvolt',
  challengeTitle: 'Testsida för 3D Secure 2',
  challengeText: 'Det här är kortutgivarens testsida: bekräfta att det är du som betalar.',
  completeAuth: 'Slutför verifieringen',
  failAuth: 'Låt verifieringen misslyckas',
  declines: {
    generic_decline: 'Ditt kort nekades.',
    insufficient_funds: 'Det finns inte tillräckligt med pengar på ditt kort.',
    live_card: 'Ditt kort nekades. Begäran gjordes i testläge men med ett riktigt kort.',
    authentication: 'Vi kan inte verifiera din betalningsmetod. Välj en annan betalningsmetod och försök igen.',
    invalid_number: 'Kortnumret är ogiltigt.',
    invalid_expiry: 'Utgångsdatumet är ogiltigt eller har passerat.',
    invalid_cvc: 'Säkerhetskoden är ofullständig.',
    invalid_iban: 'IBAN-numret du angav är ogiltigt.',
    provider_declined: 'Betalningen nekades av betalningsmetodens leverantör.',
  },
}

const da: CheckoutTexts = {
  testMode: 'Testtilstand',
  banner: 'Den lokale erstatning for Stripe: ingen penge flyttes, og kun Stripes testkort og testkonti virker.',
  payTo: 'Betal Nordvolt',
  email: 'E-mail',
  cardInformation: 'Kortoplysninger',
  cardNumber: 'Kortnummer',
  expiry: 'Udløbsdato (MM / ÅÅ)',
  cvc: 'CVC',
  nameOnCard: 'Navn på kortet',
  pay: 'Betal {amount}',
  wallets: 'Apple Pay og Google Pay vises her, hvor browseren tilbyder dem.',
  testCards: 'Stripes testkort',
  anyExpiry: 'En hvilken som helst fremtidig udløbsdato og CVC.',
  iban: 'IBAN',
  accountHolder: 'Kontohaver',
  mandate:
    'Ved at angive dit IBAN giver du Nordvolt og Stripe fuldmagt til at trække beløbet på din konto (SEPA-betalingsaftale).',
  testIbans: 'Stripes test-IBAN-numre',
  redirectTitle: 'Testbetalingsside for {method}',
  redirectText: 'I live-tilstand godkender du betalingen i {method}-appen eller i din bank.',
  authorize: 'Godkend testbetalingen',
  failPayment: 'Lad testbetalingen mislykkes',
  back: 'Tilbage til Nordvolt',
  poweredBy: 'Leveret af Stripe',
  closedComplete: 'Denne betaling er gennemført.',
  closedExpired: 'Denne betalingsside er udløbet.',
  returnTo: 'Tilbage til Nordvolt',
  challengeTitle: 'Testside for 3D Secure 2',
  challengeText: 'Dette er din kortudsteders testside: bekræft, at det er dig, der betaler.',
  completeAuth: 'Gennemfør godkendelsen',
  failAuth: 'Lad godkendelsen mislykkes',
  declines: {
    generic_decline: 'Dit kort blev afvist.',
    insufficient_funds: 'Der er ikke dækning på dit kort.',
    live_card: 'Dit kort blev afvist. Anmodningen var i testtilstand, men brugte et rigtigt kort.',
    authentication: 'Vi kan ikke godkende din betalingsmetode. Vælg en anden betalingsmetode, og prøv igen.',
    invalid_number: 'Kortnummeret er ugyldigt.',
    invalid_expiry: 'Udløbsdatoen er ugyldig eller overskredet.',
    invalid_cvc: 'Sikkerhedskoden er ufuldstændig.',
    invalid_iban: 'Det IBAN, du har angivet, er ugyldigt.',
    provider_declined: 'Betalingen blev afvist af udbyderen af betalingsmetoden.',
  },
}

const nl: CheckoutTexts = {
  testMode: 'Testmodus',
  banner:
    'De lokale vervanger van Stripe: er wordt geen geld overgemaakt, en alleen de testkaarten en testrekeningen van Stripe werken.',
  payTo: 'Betalen aan Nordvolt',
  email: 'E-mail',
  cardInformation: 'Kaartgegevens',
  cardNumber: 'Kaartnummer',
  expiry: 'Vervaldatum (MM / JJ)',
  cvc: 'CVC',
  nameOnCard: 'Naam op de kaart',
  pay: '{amount} betalen',
  wallets: 'Apple Pay en Google Pay verschijnen hier als de browser ze aanbiedt.',
  testCards: 'Testkaarten van Stripe',
  anyExpiry: 'Elke vervaldatum in de toekomst, elke CVC.',
  iban: 'IBAN',
  accountHolder: 'Rekeninghouder',
  mandate:
    'Door uw IBAN op te geven machtigt u Nordvolt en Stripe om uw rekening te belasten (SEPA-incassomachtiging).',
  testIbans: 'Test-IBAN’s van Stripe',
  redirectTitle: 'Testbetaalpagina van {method}',
  redirectText: 'In de live-modus keurt u de betaling goed in de {method}-app of bij uw bank.',
  authorize: 'Testbetaling goedkeuren',
  failPayment: 'Testbetaling laten mislukken',
  back: 'Terug naar Nordvolt',
  poweredBy: 'Mogelijk gemaakt door Stripe',
  closedComplete: 'Deze betaling is afgerond.',
  closedExpired: 'Deze betaalpagina is verlopen.',
  returnTo: 'Terug naar Nordvolt',
  challengeTitle: 'Testpagina voor 3D Secure 2',
  challengeText: 'Dit is de testpagina van de uitgever van uw kaart: bevestig dat u het bent die betaalt.',
  completeAuth: 'Verificatie voltooien',
  failAuth: 'Verificatie laten mislukken',
  declines: {
    generic_decline: 'Uw kaart is geweigerd.',
    insufficient_funds: 'Uw kaart heeft onvoldoende saldo.',
    live_card: 'Uw kaart is geweigerd. Het verzoek was in testmodus, maar gebruikte een echte kaart.',
    authentication: 'We kunnen uw betaalmethode niet verifiëren. Kies een andere betaalmethode en probeer het opnieuw.',
    invalid_number: 'Uw kaartnummer is ongeldig.',
    invalid_expiry: 'De vervaldatum van uw kaart is ongeldig of verstreken.',
    invalid_cvc: 'De beveiligingscode van uw kaart is onvolledig.',
    invalid_iban: 'Het opgegeven IBAN is ongeldig.',
    provider_declined: 'De betaling is geweigerd door de aanbieder van de betaalmethode.',
  },
}

const de: CheckoutTexts = {
  testMode: 'Testmodus',
  banner:
    'Der lokale Ersatz für Stripe: Es fließt kein Geld, und nur die Testkarten und Testkonten von Stripe funktionieren.',
  payTo: 'Nordvolt bezahlen',
  email: 'E-Mail',
  cardInformation: 'Kartendaten',
  cardNumber: 'Kartennummer',
  expiry: 'Ablaufdatum (MM / JJ)',
  cvc: 'Prüfnummer (CVC)',
  nameOnCard: 'Name auf der Karte',
  pay: '{amount} bezahlen',
  wallets: 'Apple Pay und Google Pay erscheinen hier, wo der Browser sie anbietet.',
  testCards: 'Testkarten von Stripe',
  anyExpiry: 'Beliebiges Ablaufdatum in der Zukunft, beliebige Prüfnummer.',
  iban: 'IBAN',
  accountHolder: 'Kontoinhaber',
  mandate:
    'Mit der Angabe Ihrer IBAN ermächtigen Sie Nordvolt und Stripe, Ihr Konto zu belasten (SEPA-Lastschriftmandat).',
  testIbans: 'Test-IBANs von Stripe',
  redirectTitle: 'Testzahlungsseite von {method}',
  redirectText: 'Im Live-Modus bestätigen Sie die Zahlung in der {method}-App oder bei Ihrer Bank.',
  authorize: 'Testzahlung autorisieren',
  failPayment: 'Testzahlung fehlschlagen lassen',
  back: 'Zurück zu Nordvolt',
  poweredBy: 'Bereitgestellt von Stripe',
  closedComplete: 'Diese Zahlung ist abgeschlossen.',
  closedExpired: 'Diese Zahlungsseite ist abgelaufen.',
  returnTo: 'Zurück zu Nordvolt',
  challengeTitle: 'Testseite für 3D Secure 2',
  challengeText: 'Dies ist die Testseite Ihres Kartenausstellers: Bestätigen Sie, dass Sie es sind, der bezahlt.',
  completeAuth: 'Authentifizierung abschließen',
  failAuth: 'Authentifizierung fehlschlagen lassen',
  declines: {
    generic_decline: 'Ihre Karte wurde abgelehnt.',
    insufficient_funds: 'Ihre Karte ist nicht ausreichend gedeckt.',
    live_card: 'Ihre Karte wurde abgelehnt. Die Anfrage lief im Testmodus, aber mit einer echten Karte.',
    authentication:
      'Wir können Ihre Zahlungsmethode nicht authentifizieren. Bitte wählen Sie eine andere Zahlungsmethode und versuchen Sie es erneut.',
    invalid_number: 'Ihre Kartennummer ist ungültig.',
    invalid_expiry: 'Das Ablaufdatum Ihrer Karte ist ungültig oder liegt in der Vergangenheit.',
    invalid_cvc: 'Die Prüfnummer Ihrer Karte ist unvollständig.',
    invalid_iban: 'Die eingegebene IBAN ist ungültig.',
    provider_declined: 'Die Zahlung wurde vom Anbieter der Zahlungsmethode abgelehnt.',
  },
}

const fr: CheckoutTexts = {
  testMode: 'Mode test',
  banner:
    'Le substitut local de Stripe : aucun argent ne circule, et seules les cartes et comptes de test de Stripe fonctionnent.',
  payTo: 'Payer Nordvolt',
  email: 'E-mail',
  cardInformation: 'Informations de la carte',
  cardNumber: 'Numéro de carte',
  expiry: "Date d'expiration (MM / AA)",
  cvc: 'Cryptogramme (CVC)',
  nameOnCard: 'Nom sur la carte',
  pay: 'Payer {amount}',
  wallets: 'Apple Pay et Google Pay apparaissent ici lorsque le navigateur les propose.',
  testCards: 'Cartes de test de Stripe',
  anyExpiry: "N'importe quelle date d'expiration future, n'importe quel cryptogramme.",
  iban: 'IBAN',
  accountHolder: 'Titulaire du compte',
  mandate:
    'En indiquant votre IBAN, vous autorisez Nordvolt et Stripe à débiter votre compte (mandat de prélèvement SEPA).',
  testIbans: 'IBAN de test de Stripe',
  redirectTitle: 'Page de paiement test {method}',
  redirectText: "En mode réel, vous validez le paiement dans l'application {method} ou auprès de votre banque.",
  authorize: 'Autoriser le paiement test',
  failPayment: 'Faire échouer le paiement test',
  back: 'Retour à Nordvolt',
  poweredBy: 'Propulsé par Stripe',
  closedComplete: 'Ce paiement est terminé.',
  closedExpired: 'Cette page de paiement a expiré.',
  returnTo: 'Retour à Nordvolt',
  challengeTitle: 'Page de test 3D Secure 2',
  challengeText: "Ceci est la page de test de l'émetteur de votre carte : confirmez que c'est bien vous qui payez.",
  completeAuth: "Terminer l'authentification",
  failAuth: "Faire échouer l'authentification",
  declines: {
    generic_decline: 'Votre carte a été refusée.',
    insufficient_funds: 'Le solde de votre carte est insuffisant.',
    live_card: 'Votre carte a été refusée. La demande était en mode test, mais utilisait une vraie carte.',
    authentication:
      'Nous ne parvenons pas à authentifier votre moyen de paiement. Choisissez-en un autre et réessayez.',
    invalid_number: "Votre numéro de carte n'est pas valide.",
    invalid_expiry: "La date d'expiration de votre carte n'est pas valide ou est dépassée.",
    invalid_cvc: 'Le cryptogramme de votre carte est incomplet.',
    invalid_iban: "L'IBAN saisi n'est pas valide.",
    provider_declined: 'Le paiement a été refusé par le fournisseur du moyen de paiement.',
  },
}

const th: CheckoutTexts = {
  testMode: 'โหมดทดสอบ',
  banner: 'ระบบจำลอง Stripe ในเครื่อง: ไม่มีการโอนเงินจริง ใช้ได้เฉพาะบัตรและบัญชีทดสอบของ Stripe',
  payTo: 'ชำระเงินให้ Nordvolt',
  email: 'อีเมล',
  cardInformation: 'ข้อมูลบัตร',
  cardNumber: 'หมายเลขบัตร',
  expiry: 'วันหมดอายุ (ดด / ปป)',
  cvc: 'CVC',
  nameOnCard: 'ชื่อบนบัตร',
  pay: 'ชำระ {amount}',
  wallets: 'Apple Pay และ Google Pay จะแสดงที่นี่เมื่อเบราว์เซอร์รองรับ',
  testCards: 'บัตรทดสอบของ Stripe',
  anyExpiry: 'วันหมดอายุใดก็ได้ในอนาคต และ CVC ใดก็ได้',
  iban: 'IBAN',
  accountHolder: 'ชื่อเจ้าของบัญชี',
  mandate: 'การระบุ IBAN ถือว่าคุณอนุญาตให้ Nordvolt และ Stripe หักเงินจากบัญชีของคุณ (หนังสือยินยอม SEPA Direct Debit)',
  testIbans: 'IBAN ทดสอบของ Stripe',
  redirectTitle: 'หน้าชำระเงินทดสอบของ {method}',
  redirectText: 'ในโหมดใช้งานจริง คุณจะยืนยันการชำระเงินในแอป {method} หรือกับธนาคารของคุณ',
  authorize: 'อนุมัติการชำระเงินทดสอบ',
  failPayment: 'ทำให้การชำระเงินทดสอบไม่สำเร็จ',
  back: 'กลับไปที่ Nordvolt',
  poweredBy: 'ให้บริการโดย Stripe',
  closedComplete: 'การชำระเงินนี้เสร็จสมบูรณ์แล้ว',
  closedExpired: 'หน้าชำระเงินนี้หมดอายุแล้ว',
  returnTo: 'กลับไปที่ Nordvolt',
  challengeTitle: 'หน้าทดสอบ 3D Secure 2',
  challengeText: 'นี่คือหน้าทดสอบของผู้ออกบัตร: ยืนยันว่าคุณเป็นผู้ชำระเงิน',
  completeAuth: 'ยืนยันตัวตนให้เสร็จสิ้น',
  failAuth: 'ทำให้การยืนยันตัวตนไม่สำเร็จ',
  declines: {
    generic_decline: 'บัตรของคุณถูกปฏิเสธ',
    insufficient_funds: 'บัตรของคุณมียอดเงินไม่เพียงพอ',
    live_card: 'บัตรของคุณถูกปฏิเสธ คำขอนี้อยู่ในโหมดทดสอบแต่ใช้บัตรจริง',
    authentication: 'เราไม่สามารถยืนยันวิธีชำระเงินของคุณได้ โปรดเลือกวิธีอื่นแล้วลองอีกครั้ง',
    invalid_number: 'หมายเลขบัตรไม่ถูกต้อง',
    invalid_expiry: 'วันหมดอายุของบัตรไม่ถูกต้องหรือผ่านไปแล้ว',
    invalid_cvc: 'รหัสความปลอดภัยของบัตรไม่ครบ',
    invalid_iban: 'IBAN ที่คุณกรอกไม่ถูกต้อง',
    provider_declined: 'ผู้ให้บริการวิธีชำระเงินปฏิเสธการชำระเงินนี้',
  },
}

const TEXTS: Record<string, CheckoutTexts> = { en, nb, sv, da, nl, de, fr, th }

/**
 * The page's language: the session's `locale`, or with `auto` (or none) the browser's first language the page has,
 * else English, as Stripe Checkout chooses.
 *
 * @example
 * checkoutLanguage('nb', null) // 'nb'
 * checkoutLanguage('auto', 'is-IS,is;q=0.9,en;q=0.8') // 'en'
 */
export function checkoutLanguage(locale: string | null, acceptLanguage: string | null): string {
  const asked = locale && locale !== 'auto' ? [locale] : (acceptLanguage ?? '').split(',')
  for (const entry of asked) {
    const language = entry.trim().split(/[-;]/)[0]?.toLowerCase() ?? ''
    if (language in TEXTS) return language
  }
  return 'en'
}

/** The texts of a language (checkoutLanguage's answer). */
export const checkoutTexts = (language: string): CheckoutTexts => TEXTS[language] ?? en

/** A text with its `{name}` placeholders filled. */
export const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole)

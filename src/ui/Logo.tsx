/** The brand's wordmark, drawn inline so it needs no request and stays crisp. */
export function Logo() {
  return (
    <svg className="logo" viewBox="0 0 164 24" width="164" height="24" aria-hidden="true" focusable="false">
      <path d="M2 20 L12 4 L22 20 Z" fill="currentColor" />
      <text x="30" y="18" fontSize="16" fontWeight="700" letterSpacing="2" fill="currentColor">
        NORDVOLT
      </text>
    </svg>
  )
}

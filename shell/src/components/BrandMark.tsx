/**
 * The storefront's mark, drawn inline (no request): the header's reserved space shows it from the
 * page's first paint until the header remote arrives. shell/public/index.html holds the same
 * markup, so the page paints it before any script runs (src/firstPaint.test.tsx keeps the two equal).
 */
export function BrandMark() {
  return (
    <svg className="shell-brand" viewBox="0 0 190 79" xmlns="http://www.w3.org/2000/svg">
      <rect width="190" height="79" rx="8" fill="#0b3d6e" />
      <text
        x="95"
        y="38"
        fill="#fff"
        fontFamily="Arial, sans-serif"
        fontSize="24"
        fontWeight="700"
        textAnchor="middle"
      >
        ARORA
      </text>
      <text
        x="95"
        y="60"
        fill="#9fd3ff"
        fontFamily="Arial, sans-serif"
        fontSize="12"
        textAnchor="middle"
      >
        MEDICAL EDUCATION
      </text>
    </svg>
  );
}

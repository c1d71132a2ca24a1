/** The Pasal word mark; decorative text sits next to it so the link keeps a name. */
export function Logo({ size = 36 }: { size?: number }) {
  return (
    <span className="d-inline-flex align-items-center gap-2 text-success-emphasis fw-bold fs-4">
      <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <title>Pasal</title>
        <rect width="64" height="64" rx="14" fill="#198754" />
        <text
          x="32"
          y="44"
          fontSize="36"
          textAnchor="middle"
          fill="#fff"
          fontFamily="Arial, sans-serif"
          fontWeight="700"
        >
          P
        </text>
      </svg>
      <span>Pasal</span>
    </span>
  );
}

export function TodaySpecialPage() {
  return <p>Coming soon.</p>;
}

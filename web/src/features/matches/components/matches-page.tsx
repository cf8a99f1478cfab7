export function MatchesPage() {
  return (
    <main>
      <h1>Your Matches</h1>
    </main>
  );
}

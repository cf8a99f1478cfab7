export function PremiumPage() {
  return (
    <main>
      <h1>Go Premium</h1>
    </main>
  );
}

export function WaitlistPage() {
  return (
    <main>
      <h1>Waitlist</h1>
    </main>
  );
}

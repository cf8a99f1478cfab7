export function ProfilePage() {
  return (
    <main>
      <h1>Create Profile</h1>
    </main>
  );
}

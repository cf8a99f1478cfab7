export function QuizPage() {
  return (
    <main>
      <h1>Compatibility Quiz</h1>
    </main>
  );
}

/** /profile/ratings: nothing to rate until orders are delivered (the orders issue lists them here). */
export function ProfileRatings() {
  return (
    <section aria-labelledby="ratings-title">
      <h2 id="ratings-title" className="h4 mb-3">
        Rate Your Products
      </h2>
      <p className="text-body-secondary">You have not rated any products yet.</p>
    </section>
  );
}

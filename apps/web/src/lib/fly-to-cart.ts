export const FLY_MS = 800;
export const FADE_MS = 300;
export const PULSE_MS = 300;
export const CART_ICON_ID = 'header-cart-icon';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Flies a copy of the image to the header cart icon (0.8 s), fades it (0.3 s), then pulses the icon (300 ms). */
export async function flyToCart(source: HTMLElement | null): Promise<void> {
  const target = document.getElementById(CART_ICON_ID);
  const canAnimate = typeof Element !== 'undefined' && 'animate' in Element.prototype;
  if (source && target && canAnimate) {
    const from = source.getBoundingClientRect();
    const to = target.getBoundingClientRect();
    const ghost = (
      source instanceof HTMLImageElement ? source.cloneNode(false) : document.createElement('div')
    ) as HTMLElement;
    ghost.removeAttribute('id');
    ghost.setAttribute('aria-hidden', 'true');
    ghost.className = 'flying-image';
    Object.assign(ghost.style, {
      left: `${from.left}px`,
      top: `${from.top}px`,
      width: `${from.width}px`,
      height: `${from.height}px`,
    });
    document.body.appendChild(ghost);
    const dx = to.left + to.width / 2 - (from.left + from.width / 2);
    const dy = to.top + to.height / 2 - (from.top + from.height / 2);
    try {
      await ghost.animate(
        [{ transform: 'translate(0, 0) scale(1)' }, { transform: `translate(${dx}px, ${dy}px) scale(0.1)` }],
        {
          duration: FLY_MS,
          easing: 'ease-in-out',
          fill: 'forwards',
        },
      ).finished;
      await ghost.animate([{ opacity: 1 }, { opacity: 0 }], { duration: FADE_MS, fill: 'forwards' }).finished;
    } finally {
      ghost.remove();
    }
  } else {
    await wait(FLY_MS + FADE_MS);
  }
  if (target) {
    target.classList.add('cart-pulse');
    setTimeout(() => target.classList.remove('cart-pulse'), PULSE_MS);
  }
}

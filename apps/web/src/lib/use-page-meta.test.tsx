import { render } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { shortDescription, usePageMeta } from './use-page-meta';

function Page({ title, description }: { title?: string; description?: string }) {
  usePageMeta(title, description);
  return null;
}

const description = () => document.querySelector<HTMLMetaElement>('meta[name="description"]')?.content;

beforeEach(() => {
  document.head.innerHTML = '<meta name="description" content="The shop">';
  document.title = 'Pasal';
});

describe('usePageMeta', () => {
  it('gives the page its own title and description and puts the defaults back when it goes', () => {
    const page = render(<Page title="Basmati Rice 5 kg" description="Aged long-grain rice." />);
    expect(document.title).toBe('Basmati Rice 5 kg | Pasal');
    expect(description()).toBe('Aged long-grain rice.');
    page.unmount();
    expect(document.title).toBe('Pasal');
    expect(description()).toBe('The shop');
  });

  it('changes nothing until the title is known', () => {
    render(<Page title={undefined} description="Not yet" />);
    expect(document.title).toBe('Pasal');
    expect(description()).toBe('The shop');
  });
});

describe('shortDescription', () => {
  it('keeps a short text whole, on one line', () => {
    expect(shortDescription('Fresh\n  paneer from Bhaktapur.')).toBe('Fresh paneer from Bhaktapur.');
  });

  it('cuts a long text at a word, within 160 characters', () => {
    const text = `${'word '.repeat(40)}end`;
    const short = shortDescription(text);
    expect(short.length).toBeLessThanOrEqual(160);
    expect(short.endsWith('word…')).toBe(true);
  });
});

import { BANNER_LINK_MESSAGE } from '@pasal/contract/admin-banners';
import { describe, expect, it } from 'vitest';
import { bannerBody, bannerToForm } from './banner-form';
import { categoryBody, categoryToForm } from './category-form';

const picture = new File([new Uint8Array([1, 2, 3])], 'banner.png', { type: 'image/png' });

describe('the banner form', () => {
  it('makes the multipart text parts of a new banner, checked as the server checks them', () => {
    const values = {
      ...bannerToForm(undefined),
      title: 'Dashain offers',
      link: '/viewallca/3',
      file: picture,
    };
    expect(bannerBody(values, undefined)).toEqual({
      ok: true,
      body: {
        kind: 'create',
        fields: { title: 'Dashain offers', link: '/viewallca/3', is_active: 'true' },
        file: picture,
      },
    });
  });

  it('refuses a script link and a banner without a picture', () => {
    const values = { ...bannerToForm(undefined), title: 'x', link: 'javascript:alert(1)' };
    expect(bannerBody(values, undefined)).toEqual({
      ok: false,
      errors: { link: BANNER_LINK_MESSAGE, image: 'Choose a picture for the banner' },
    });
  });
});

describe('the category form', () => {
  it('a top category has parent null; an edit sends the changes with the version', () => {
    const created = categoryBody({ ...categoryToForm(undefined), title: 'Spices' }, undefined);
    expect(created).toEqual({
      ok: true,
      body: { title: 'Spices', nepali_title: '', slug: '', parent: null, is_featured: false },
    });
    const category = {
      id: 4,
      parent_id: null,
      title: 'Spices',
      nepali_title: '',
      slug: 'spices',
      image: null,
      position: 2,
      is_featured: false,
      product_count: 0,
      version: 3,
    };
    const edited = categoryBody({ ...categoryToForm(category), parent: '1', is_featured: true }, category);
    expect(edited).toEqual({ ok: true, body: { version: 3, parent: 1, is_featured: true } });
  });
});

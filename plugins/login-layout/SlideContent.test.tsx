import { screen } from '@testing-library/react';
import { cannedHttp, renderPortal, testRegistry } from '@portal/plugin-api/testing';
import { SlideContent } from './SlideContent';

describe('a banner slide', () => {
  it('lets its caption and link take their own direction (their language is the deployment’s, not the page’s)', async () => {
    const slide = { id: 's1', imageUrl: '/a.png', description: 'Manage every device.', link: 'https://example.com/more', linkText: 'Learn more' };
    renderPortal(
      <div dir="rtl">
        <SlideContent slide={slide} />
      </div>,
      { registry: await testRegistry([]), http: cannedHttp({}) },
    );
    expect(screen.getByText('Manage every device.')).toHaveAttribute('dir', 'auto');
    expect(screen.getByRole('link', { name: 'Learn more' })).toHaveAttribute('dir', 'auto');
  });
});

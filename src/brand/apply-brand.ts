/** Applies the white-label settings to the document: colour variables on :root and the title. */
import { brandCssVariables, type Brand } from './brand';

export function applyBrand(brand: Brand, doc: Document = document): void {
  for (const [name, value] of Object.entries(brandCssVariables(brand))) {
    doc.documentElement.style.setProperty(name, value);
  }
  doc.title = brand.productName;
}

interface ListedProduct {
  _id: string;
  name: string;
  isAvailable: boolean;
}

export async function listProducts(baseURL: string): Promise<ListedProduct[]> {
  const res = await fetch(`${baseURL}/api/v1/admin/product`);
  const body = (await res.json()) as { data: { data: ListedProduct[] } };
  return body.data.data;
}

export async function anAvailableProduct(baseURL: string): Promise<ListedProduct> {
  const found = (await listProducts(baseURL)).find((p) => p.isAvailable);
  if (!found) throw new Error('the seed has no available product');
  return found;
}

export async function aSoldProduct(baseURL: string): Promise<ListedProduct> {
  const found = (await listProducts(baseURL)).find((p) => !p.isAvailable);
  if (!found) throw new Error('the seed has no sold-out product');
  return found;
}

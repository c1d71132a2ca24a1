import { openDatabase } from './src/db/client';
import { listCategoryProducts, searchProducts, getProductDetail, getHomeData } from './src/modules/catalogue/catalogue-service';
const d = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
const req = { page: 1, pageSize: 24 };
for (let i = 0; i < 4; i++) {
  let t = performance.now(); await listCategoryProducts(d.db, 1, req, '/x'); const c = performance.now() - t;
  t = performance.now(); await searchProducts(d.db, 'basmati rice', req, '/x'); const s = performance.now() - t;
  t = performance.now(); await getProductDetail(d.db, 'jeera-masino-rice-25kg'); const p = performance.now() - t;
  t = performance.now(); await getHomeData(d.db); const h = performance.now() - t;
  console.log(`category ${c.toFixed(1)}  search ${s.toFixed(1)}  detail ${p.toFixed(1)}  home ${h.toFixed(1)}`);
}
await d.close();

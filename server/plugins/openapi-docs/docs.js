// The API reference page (docs/decisions/032-api-contract.md): renders /api/openapi.json with no
// outside assets, so it works on a site without internet.
(function () {
  'use strict';
  const list = document.getElementById('operations');
  const filter = document.getElementById('filter');
  const el = (tag, props, children) => {
    const node = document.createElement(tag);
    Object.assign(node, props || {});
    for (const child of children || []) node.append(child);
    return node;
  };
  const resolve = (doc, schema) => {
    if (schema && schema.$ref) return doc.components.schemas[schema.$ref.split('/').pop()] || schema;
    return schema;
  };
  const json = (value) => el('pre', { textContent: JSON.stringify(value, null, 2) });

  function operation(doc, path, method, op) {
    const body = [];
    if (op.parameters && op.parameters.length > 0) {
      const rows = op.parameters.map((p) =>
        el('tr', {}, [
          el('td', { textContent: p.in }),
          el('td', {}, [el('code', { textContent: p.name })]),
          el('td', { textContent: p.required ? 'required' : 'optional' }),
          el('td', { textContent: [p.schema && p.schema.type, p.description].filter(Boolean).join(' — ') }),
        ]),
      );
      body.push(el('h3', { textContent: 'Parameters' }), el('table', {}, rows));
    }
    if (op.requestBody) {
      body.push(el('h3', { textContent: 'Body' }));
      for (const [type, media] of Object.entries(op.requestBody.content)) {
        body.push(el('p', {}, [el('code', { textContent: type })]), json(resolve(doc, media.schema)));
      }
    }
    body.push(el('h3', { textContent: 'Answers' }));
    const rows = Object.entries(op.responses).map(([status, answer]) => {
      const media = answer.content ? Object.entries(answer.content)[0] : undefined;
      const schema = media && media[1].schema;
      const isError = schema && schema.$ref === '#/components/schemas/ApiError';
      return el('tr', {}, [
        el('td', {}, [el('code', { textContent: status })]),
        el('td', { textContent: answer.description || '' }),
        el('td', {}, [isError ? el('code', { textContent: 'ApiError' }) : schema ? json(resolve(doc, schema)) : '']),
      ]);
    });
    body.push(el('table', {}, rows));
    const summary = el('summary', {}, [
      el('span', { className: 'method', textContent: method.toUpperCase() }),
      el('span', { className: 'path', textContent: path }),
    ]);
    const item = el('details', {}, [summary, ...body]);
    item.dataset.search = `${method} ${path}`.toLowerCase();
    return item;
  }

  fetch('/api/openapi.json')
    .then((res) => res.json())
    .then((doc) => {
      list.textContent = '';
      for (const [path, ops] of Object.entries(doc.paths)) {
        for (const [method, op] of Object.entries(ops)) list.append(operation(doc, path, method, op));
      }
      list.append(el('h2', { textContent: 'ApiError' }), json(doc.components.schemas.ApiError));
      filter.addEventListener('input', () => {
        const q = filter.value.trim().toLowerCase();
        for (const item of list.querySelectorAll('details')) item.hidden = q !== '' && !item.dataset.search.includes(q);
      });
    })
    .catch(() => {
      list.textContent = 'The API document could not be loaded.';
    });
})();

// Renders /openapi.json as a readable page: each operation with its statuses, and each
// schema with its fields. Built with DOM calls only (the page's CSP forbids inline code).
"use strict";

function el(tag, text, cls) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (cls) node.className = cls;
  return node;
}

function typeOf(schema) {
  if (!schema) return "";
  if (schema.$ref) return schema.$ref.split("/").pop();
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(" | ");
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.type === "array") return typeOf(schema.items) + "[]";
  return schema.type || "any";
}

function limits(schema) {
  const parts = [];
  for (const key of ["minimum", "exclusiveMinimum", "maximum", "minLength", "maxLength", "minItems", "maxItems", "pattern"]) {
    if (schema[key] !== undefined) parts.push(key + " " + schema[key]);
  }
  return parts.join(", ");
}

function schemaTable(name, schema) {
  const box = el("section");
  box.append(el("h3", name));
  if (schema.description) box.append(el("p", schema.description));
  const table = el("table");
  const head = el("tr");
  for (const h of ["field", "type", "limits", "description"]) head.append(el("th", h));
  table.append(head);
  for (const [field, prop] of Object.entries(schema.properties || {})) {
    const row = el("tr");
    const required = (schema.required || []).includes(field) ? " (required)" : "";
    row.append(el("td", field + required), el("td", typeOf(prop)), el("td", limits(prop)), el("td", prop.description || ""));
    table.append(row);
  }
  box.append(table);
  return box;
}

async function main() {
  const root = document.getElementById("api");
  const spec = await (await fetch("/openapi.json")).json();
  root.textContent = "";
  root.append(el("p", spec.info.description || ""));
  root.append(el("h2", "Operations"));
  for (const [path, ops] of Object.entries(spec.paths)) {
    for (const [verb, op] of Object.entries(ops)) {
      const box = el("div", undefined, "op");
      const title = el("p");
      title.append(el("span", verb.toUpperCase(), "verb"), el("code", path));
      box.append(title, el("p", op.summary || ""));
      if (op.description) box.append(el("p", op.description));
      const body = op.requestBody && op.requestBody.content["application/json"];
      if (body) box.append(el("p", "Body: " + typeOf(body.schema)));
      const list = el("ul");
      for (const [status, resp] of Object.entries(op.responses || {})) {
        const content = resp.content && resp.content["application/json"];
        list.append(el("li", status + ": " + resp.description + (content ? " (" + typeOf(content.schema) + ")" : "")));
      }
      box.append(list);
      root.append(box);
    }
  }
  root.append(el("h2", "Schemas"));
  for (const [name, schema] of Object.entries((spec.components || {}).schemas || {})) {
    root.append(schemaTable(name, schema));
  }
}

main();

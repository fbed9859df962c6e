import protobuf from 'protobufjs';

// Tiny, valid transformers.js model folders for the tests of the local providers (embedders' tiny BERT,
// rerankers' tiny cross-encoder): the ONNX protobuf is encoded with protobufjs from a hand-written subset of
// `onnx.proto` (field numbers from https://github.com/onnx/onnx/blob/main/onnx/onnx.proto), the tokenizer is a
// BERT-style WordPiece `tokenizer.json`.

const ONNX_SUBSET = `
syntax = "proto3";
package onnx;
message OperatorSetIdProto { string domain = 1; int64 version = 2; }
message TensorShapeProto {
  message Dimension { oneof value { int64 dim_value = 1; string dim_param = 2; } }
  repeated Dimension dim = 1;
}
message TypeProto {
  message Tensor { int32 elem_type = 1; TensorShapeProto shape = 2; }
  oneof value { Tensor tensor_type = 1; }
}
message ValueInfoProto { string name = 1; TypeProto type = 2; }
message TensorProto {
  repeated int64 dims = 1;
  int32 data_type = 2;
  repeated float float_data = 4;
  repeated int64 int64_data = 7;
  string name = 8;
}
message AttributeProto {
  string name = 1;
  int64 i = 3;
  int32 type = 20;
}
message NodeProto {
  repeated string input = 1;
  repeated string output = 2;
  string name = 3;
  string op_type = 4;
  repeated AttributeProto attribute = 5;
}
message GraphProto {
  repeated NodeProto node = 1;
  string name = 2;
  repeated TensorProto initializer = 5;
  repeated ValueInfoProto input = 11;
  repeated ValueInfoProto output = 12;
}
message ModelProto {
  int64 ir_version = 1;
  string producer_name = 2;
  GraphProto graph = 7;
  repeated OperatorSetIdProto opset_import = 8;
}
`;

/** ONNX `TensorProto.DataType` of float32. */
export const ONNX_FLOAT = 1;
/** ONNX `TensorProto.DataType` of int64. */
export const ONNX_INT64 = 7;
/** ONNX `AttributeProto.AttributeType` of an integer attribute. */
export const ONNX_ATTR_INT = 2;

/** A float32 initializer. */
export function onnxFloatTensor(name: string, dims: number[], values: number[]) {
  return { name, dims, dataType: ONNX_FLOAT, floatData: values };
}

/** An int64 initializer. */
export function onnxInt64Tensor(name: string, dims: number[], values: number[]) {
  return { name, dims, dataType: ONNX_INT64, int64Data: values };
}

/** A graph input or output: a tensor of `elemType` whose dimensions are numbers or named (`batch`). */
export function onnxValueInfo(name: string, elemType: number, dims: (number | string)[]) {
  return {
    name,
    type: {
      tensorType: {
        elemType,
        shape: { dim: dims.map((d) => (typeof d === 'number' ? { dimValue: d } : { dimParam: d })) },
      },
    },
  };
}

/**
 * `graph` (a `GraphProto` object: `name`, `initializer`, `node`, `input`, `output`) as the bytes of an ONNX model
 * (IR version 7, default opset 13), after protobufjs has verified it.
 *
 * @throws {Error} naming `producerName` when the graph does not fit the subset of `onnx.proto`
 * @example
 * await writeFile('model.onnx', encodeOnnxModel({ name: 'g', node: [], input: [], output: [] }, 'execret-test'));
 */
export function encodeOnnxModel(graph: object, producerName: string): Uint8Array {
  const ModelProto = protobuf.parse(ONNX_SUBSET).root.lookupType('onnx.ModelProto');
  const model = { irVersion: 7, producerName, opsetImport: [{ domain: '', version: 13 }], graph };
  const problem = ModelProto.verify(model);
  if (problem) throw new Error(`${producerName}: invalid ModelProto: ${problem}`);
  return ModelProto.encode(ModelProto.fromObject(model)).finish();
}

/**
 * A BERT-style WordPiece `tokenizer.json` over `tokens` (in id order; ids 0-3 are `[PAD]`, `[UNK]`, `[CLS]`,
 * `[SEP]`): lower-casing BERT normalizer, `[CLS] A [SEP]` and `[CLS] A [SEP] B [SEP]` templates.
 */
export function wordPieceTokenizerJson(tokens: readonly string[]): unknown {
  const vocab: Record<string, number> = {};
  tokens.forEach((token, id) => {
    vocab[token] = id;
  });
  const special = (id: number) => ({
    id,
    content: tokens[id],
    single_word: false,
    lstrip: false,
    rstrip: false,
    normalized: false,
    special: true,
  });
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: [special(0), special(1), special(2), special(3)],
    normalizer: {
      type: 'BertNormalizer',
      clean_text: true,
      handle_chinese_chars: true,
      strip_accents: null,
      lowercase: true,
    },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [
        { SpecialToken: { id: '[CLS]', type_id: 0 } },
        { Sequence: { id: 'A', type_id: 0 } },
        { SpecialToken: { id: '[SEP]', type_id: 0 } },
      ],
      pair: [
        { SpecialToken: { id: '[CLS]', type_id: 0 } },
        { Sequence: { id: 'A', type_id: 0 } },
        { SpecialToken: { id: '[SEP]', type_id: 0 } },
        { Sequence: { id: 'B', type_id: 1 } },
        { SpecialToken: { id: '[SEP]', type_id: 1 } },
      ],
      special_tokens: {
        '[CLS]': { id: '[CLS]', ids: [2], tokens: ['[CLS]'] },
        '[SEP]': { id: '[SEP]', ids: [3], tokens: ['[SEP]'] },
      },
    },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: {
      type: 'WordPiece',
      unk_token: '[UNK]',
      continuing_subword_prefix: '##',
      max_input_chars_per_word: 100,
      vocab,
    },
  };
}

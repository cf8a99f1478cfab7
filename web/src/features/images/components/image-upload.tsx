export type ImageUploadProps = {
  variant: 'button' | 'dropzone';
  onChange(file: File | null): void;
  multiple?: boolean;
  initialPreviewUrl?: string | null;
  label?: string;
};

export function ImageUpload({ onChange, multiple, label = 'Upload a photo' }: ImageUploadProps) {
  return (
    <label>
      {label}
      <input
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif"
        multiple={multiple}
        onChange={(e) => onChange(e.target.files?.[0] ?? null)}
      />
    </label>
  );
}
